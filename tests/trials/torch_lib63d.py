"""Round 63d (PyTorch): losses that differentiate inside, and training-step utilities, as users write them: a WGAN-GP
gradient penalty by torch.autograd.grad(create_graph=True) (at a critic whose input gradient is 0), a MAML loss after
one inner SGD step, a Hessian-vector product by double backward, a Jacobian-norm regulariser by torch.func.jacrev,
torch.nn.utils.clip_grad_norm_'s arithmetic written functionally (at a zero and a tiny gradient), an Adam step at step
1 (m / (sqrt(v) + eps) at v = 0) and an AdamW step with decoupled weight decay."""

import torch
import torch.nn.functional as F

A = [1.0, 2.0]
B = [1.0, -2.0]
M = [[1.0, 2.0], [0.5, -1.0]]


def _inner_grad(w):
    u = w if w.requires_grad else w.detach().requires_grad_(True)
    loss = torch.log(torch.cosh(u)).sum()
    (g,) = torch.autograd.grad(loss, u, create_graph=True)
    return g


def wgan_gp(w, x):
    xi = x.detach().requires_grad_(True)
    d = torch.tanh((w * xi).sum())
    (g,) = torch.autograd.grad(d, xi, create_graph=True)
    return (g.norm(2) - 1.0) ** 2


def maml(w):
    a = torch.tensor(A, dtype=w.dtype)
    train = F.softplus(a * w).sum()
    (g,) = torch.autograd.grad(train, w, create_graph=True)
    adapted = w - 0.1 * g
    return ((adapted - torch.tensor(B, dtype=w.dtype)) ** 2).sum()


def hvp_reg(w):
    f = torch.cosh(w).sum() + w[0] * w[1]
    (g,) = torch.autograd.grad(f, w, create_graph=True)
    v = torch.tensor([1.0, -1.0], dtype=w.dtype)
    (hv,) = torch.autograd.grad(g, w, v, create_graph=True)
    return 0.5 * (hv ** 2).sum()


def jac_norm(x):
    m = torch.tensor(M, dtype=x.dtype)
    jac = torch.func.jacrev(lambda u: torch.tanh(m @ u))(x)
    return (jac ** 2).sum()


def clip_step(w):
    g = _inner_grad(w)
    total_norm = torch.linalg.vector_norm(g, 2)
    clip_coef = 1.0 / (total_norm + 1e-6)
    clip_coef_clamped = torch.clamp(clip_coef, max=1.0)
    new_w = w - 0.1 * g * clip_coef_clamped
    return ((new_w - torch.tensor(B, dtype=w.dtype)) ** 2).sum()


def adam_step(w):
    g = _inner_grad(w)
    m = (1 - 0.9) * g
    v = (1 - 0.999) * g * g
    m_hat = m / (1 - 0.9 ** 1)
    v_hat = v / (1 - 0.999 ** 1)
    new_w = w - 0.1 * m_hat / (torch.sqrt(v_hat) + 1e-8)
    return ((new_w - torch.tensor(B, dtype=w.dtype)) ** 2).sum()


def adamw_step(w):
    g = _inner_grad(w)
    w_decayed = w * (1 - 0.1 * 0.01)
    m_hat = ((1 - 0.9) * g) / (1 - 0.9)
    v_hat = ((1 - 0.999) * g ** 2) / (1 - 0.999)
    new_w = w_decayed - 0.1 * m_hat / (v_hat.sqrt() + 1e-8)
    return ((new_w - torch.tensor(B, dtype=w.dtype)) ** 2).sum()


def fomaml(w):
    a = torch.tensor(A, dtype=w.dtype)
    train = F.softplus(a * w).sum()
    (g,) = torch.autograd.grad(train, w)  # no create_graph: first-order MAML, the inner gradient a constant
    adapted = w - 0.1 * g
    return ((adapted - torch.tensor(B, dtype=w.dtype)) ** 2).sum()


def hessian_trace(w):
    h = torch.func.hessian(lambda u: torch.cosh(u).sum() + u[0] * u[1])(w)
    return torch.trace(h) + torch.log(torch.cosh(w)).sum()


def hvp_functional(w):
    v = torch.tensor([1.0, -1.0], dtype=w.dtype)
    _, hv = torch.autograd.functional.hvp(lambda u: torch.cosh(u).sum() + u[0] * u[1], w, v, create_graph=True)
    return 0.5 * (hv ** 2).sum()


def backward_inside(w):
    loss = torch.log(torch.cosh(w)).sum()
    loss.backward(create_graph=True)  # the gradient left in w.grad, as a training loop does
    g = w.grad
    return (((w - 0.1 * g) - torch.tensor(B, dtype=w.dtype)) ** 2).sum()
