"""A user's plain NumPy code, sixty-ninth round (d): explicit Euler for a stiff decay, RK4 for a harmonic oscillator's
energy, Newton's square root and cube root with a fixed count, a reaction-diffusion steady state (L - s I) u = f by
np.linalg.solve at s beside and on an eigenvalue of L, and a leapfrog step for a pendulum."""
import numpy as np

L3 = np.array([[2.0, -1.0, 0.0], [-1.0, 2.0, -1.0], [0.0, -1.0, 2.0]])
F3 = np.array([1.0, 0.0, -1.0])


def euler_decay(k):
    y = 1.0
    for _ in range(40):
        y = y - 0.05 * k * y
    return y


def rk4_oscillator(w):
    """x'' = -w^2 x from (1, 0): RK4 on (x, v), dt = 0.2, 50 steps; the energy at the end."""
    dt = 0.2
    s = np.array([1.0, 0.0])

    def f(s):
        return np.array([s[1], -w ** 2 * s[0]])

    for _ in range(50):
        k1 = f(s)
        k2 = f(s + dt / 2 * k1)
        k3 = f(s + dt / 2 * k2)
        k4 = f(s + dt * k3)
        s = s + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
    return 0.5 * s[1] ** 2 + 0.5 * w ** 2 * s[0] ** 2


def newton_sqrt(a):
    x = a
    for _ in range(20):
        x = 0.5 * (x + a / x)
    return x


def newton_cbrt(a):
    x = 1.0
    for _ in range(30):
        x = x - (x ** 3 - a) / (3 * x ** 2)
    return x


def reaction_diffusion(s):
    """(L - s I) u = f; the loss f . u."""
    u = np.linalg.solve(L3 - s * np.eye(3), F3)
    return F3 @ u


def pendulum_leapfrog(theta0):
    """theta'' = -sin(theta) by leapfrog, dt = 0.1, 60 steps from rest: the final angle."""
    dt = 0.1
    th, om = theta0, 0.0
    for _ in range(60):
        om = om - 0.5 * dt * np.sin(th)
        th = th + dt * om
        om = om - 0.5 * dt * np.sin(th)
    return th
