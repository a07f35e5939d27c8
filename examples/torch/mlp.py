"""A small PyTorch model and its loss: check the gradient of the loss with respect to one layer's weight."""

import torch
import torch.nn.functional as F

torch.manual_seed(0)


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.Linear(2, 3, dtype=torch.float64)
        self.fc2 = torch.nn.Linear(3, 1, dtype=torch.float64)

    def forward(self, x):
        return self.fc2(torch.tanh(self.fc1(x)))


model = Net()


def loss(model, x):
    return F.mse_loss(model(x), torch.tensor([[0.5]], dtype=x.dtype))


def example():
    """The model and one input: `--args mlp.py:example`."""
    return model, torch.tensor([[0.5, -1.0]], dtype=torch.float64)
