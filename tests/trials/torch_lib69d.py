"""A user's PyTorch code, sixty-ninth round (d): scientific ML as users write it in PyTorch. Explicit Euler for a
stiff decay in a for-loop, RK4 for the logistic equation, a harmonic oscillator's energy after explicit Euler, a
fixed point x = tanh(W x + b) by implicit differentiation in a torch.autograd.Function (right, and with the transpose
forgotten), Newton's cube root as an autograd.Function with the implicit-function rule, a steady heat equation by
torch.linalg.solve, and a tiny neural ODE (nn.Linear, tanh) stepped by Euler."""
import torch

W = [[0.1, -0.15, 0.05], [0.2, 0.05, -0.1], [-0.05, 0.15, 0.1]]
C = [1.0, -2.0, 0.5]


def euler_decay(k):
    """y' = -k y, y(0) = 1: explicit Euler, dt = 0.05, 40 steps."""
    dt = 0.05
    y = torch.ones_like(k)
    for _ in range(40):
        y = y - dt * k * y
    return y


def rk4_logistic(r):
    """y' = r y (1 - y), y(0) = 0.1: RK4 with dt = 0.1, 50 steps."""
    dt = 0.1
    f = lambda y: r * y * (1 - y)
    y = torch.full_like(r, 0.1)
    for _ in range(50):
        k1 = f(y)
        k2 = f(y + dt / 2 * k1)
        k3 = f(y + dt / 2 * k2)
        k4 = f(y + dt * k3)
        y = y + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
    return y


def oscillator_energy(w):
    """x'' = -w^2 x from (1, 0): explicit Euler, dt = 0.1, 100 steps; the energy at the end."""
    dt = 0.1
    x, v = torch.ones_like(w), torch.zeros_like(w)
    for _ in range(100):
        x, v = x + dt * v, v - dt * w ** 2 * x
    return 0.5 * v ** 2 + 0.5 * w ** 2 * x ** 2


class FixedPoint(torch.autograd.Function):
    """x = tanh(W x + b) by 30 iterations; backward by the implicit function theorem."""

    @staticmethod
    def forward(ctx, b):
        Wt = torch.tensor(W, dtype=b.dtype)
        x = torch.zeros_like(b)
        for _ in range(30):
            x = torch.tanh(Wt @ x + b)
        ctx.save_for_backward(x)
        return x

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        Wt = torch.tensor(W, dtype=x.dtype)
        d = 1 - x ** 2
        J = d[:, None] * Wt
        v = torch.linalg.solve((torch.eye(3, dtype=x.dtype) - J).T, g)
        return d * v


class FixedPointT(torch.autograd.Function):
    @staticmethod
    def forward(ctx, b):
        Wt = torch.tensor(W, dtype=b.dtype)
        x = torch.zeros_like(b)
        for _ in range(30):
            x = torch.tanh(Wt @ x + b)
        ctx.save_for_backward(x)
        return x

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        Wt = torch.tensor(W, dtype=x.dtype)
        d = 1 - x ** 2
        J = d[:, None] * Wt
        v = torch.linalg.solve(torch.eye(3, dtype=x.dtype) - J, g)  # no transpose
        return d * v


def fp_unrolled(b):
    Wt = torch.tensor(W, dtype=b.dtype)
    x = torch.zeros_like(b)
    for _ in range(30):
        x = torch.tanh(Wt @ x + b)
    return torch.tensor(C, dtype=b.dtype) @ x


def fp_implicit(b):
    return torch.tensor(C, dtype=b.dtype) @ FixedPoint.apply(b)


def fp_implicit_transposed(b):
    return torch.tensor(C, dtype=b.dtype) @ FixedPointT.apply(b)


class CubeRoot(torch.autograd.Function):
    """The root of x^3 = a by 30 Newton steps from 1; backward 1 / (3 x^2)."""

    @staticmethod
    def forward(ctx, a):
        x = torch.ones_like(a)
        for _ in range(30):
            x = x - (x ** 3 - a) / (3 * x ** 2)
        ctx.save_for_backward(x)
        return x

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return g / (3 * x ** 2)


def cbrt_implicit(a):
    return CubeRoot.apply(a)


def cbrt_unrolled(a):
    x = torch.ones_like(a)
    for _ in range(30):
        x = x - (x ** 3 - a) / (3 * x ** 2)
    return x


def heat_mean(kappa):
    """-(kappa u')' = 1 on (0, 1) with u = 0 at both ends, five interior nodes, kappa on the six faces: mean u."""
    h = 1.0 / 6.0
    main = (kappa[:-1] + kappa[1:]) / h ** 2
    off = -kappa[1:-1] / h ** 2
    A = torch.diag(main) + torch.diag(off, 1) + torch.diag(off, -1)
    u = torch.linalg.solve(A, torch.ones(5, dtype=kappa.dtype))
    return u.mean()


def neural_ode(W1):
    """dy/dt = W2 tanh(W1 y + B1), Euler dt = 0.1, 20 steps from Y0; the loss |y(2)|^2."""
    W2 = torch.tensor([[0.5, -1.0, 0.25], [1.0, 0.5, -0.5]], dtype=W1.dtype)
    B1 = torch.tensor([0.1, -0.2, 0.0], dtype=W1.dtype)
    y = torch.tensor([1.0, -0.5], dtype=W1.dtype)
    for _ in range(20):
        y = y + 0.1 * (W2 @ torch.tanh(W1 @ y + B1))
    return (y ** 2).sum()
