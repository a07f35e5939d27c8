"""A user's PyTorch code, thirty-fifth round (b): solid mechanics, discrete choice, ratings, weather, water waves and
rendering. The von Mises equivalent stress (plain, with an epsilon under the root, as an autograd.Function right and
with the shear's factor 3 forgotten) and a squared yield penalty; a neo-Hookean strain energy through torch.logdet
and through a log-determinant autograd.Function whose backward gives inv(F) where inv(F).T belongs; a nested logit's
inclusive value (naive exp, torch.logsumexp) and its log-likelihood, a choice network read by its parameters' names;
Elo's expected score (by powers of 10, by logsigmoid, by torch.distributions.Bernoulli); the wind chill index at calm
air; the water-wave dispersion relation solved by Newton's method, unrolled and as an autograd.Function with its
implicit backward (right, and missing a term); and shading: a Lambert term at the terminator, a Blinn-Phong
highlight, a ray's hit on a sphere at grazing incidence, a soft rasteriser's coverage and a smoothstep."""

import math

import torch
import torch.nn.functional as F

# ------------------------------------------------------------------------------------------------ solid mechanics
YIELD_STRESS = 2.0


def von_mises(s):
    """The von Mises equivalent stress of s = (sxx, syy, szz, sxy, syz, szx)."""
    normal = (s[0] - s[1]) ** 2 + (s[1] - s[2]) ** 2 + (s[2] - s[0]) ** 2
    shear = s[3] ** 2 + s[4] ** 2 + s[5] ** 2
    return torch.sqrt(0.5 * normal + 3 * shear)


def von_mises_eps(s):
    """The same with 1e-12 under the root, as solvers write it to keep a hydrostatic state's gradient finite."""
    normal = (s[0] - s[1]) ** 2 + (s[1] - s[2]) ** 2 + (s[2] - s[0]) ** 2
    shear = s[3] ** 2 + s[4] ** 2 + s[5] ** 2
    return torch.sqrt(0.5 * normal + 3 * shear + 1e-12)


def yield_penalty(s):
    """A squared penalty on stress past the yield surface."""
    return torch.relu(von_mises(s) - YIELD_STRESS) ** 2


class VonMises(torch.autograd.Function):
    """The equivalent stress with its derivative written out: 3/2 dev(s) / vm on the normal components, 3 s / vm on
    the shear ones."""

    @staticmethod
    def forward(ctx, s):
        vm = von_mises(s)
        ctx.save_for_backward(s, vm)
        return vm

    @staticmethod
    def backward(ctx, grad):
        s, vm = ctx.saved_tensors
        dev = s[:3] - s[:3].mean()
        return grad * torch.cat([1.5 * dev / vm, 3 * s[3:] / vm])


class VonMisesSlip(VonMises):
    """The same, the shear components' factor 3 forgotten."""

    @staticmethod
    def backward(ctx, grad):
        s, vm = ctx.saved_tensors
        dev = s[:3] - s[:3].mean()
        return grad * torch.cat([1.5 * dev / vm, s[3:] / vm])


def von_mises_rule(s):
    return VonMises.apply(s)


def von_mises_rule_slip(s):
    return VonMisesSlip.apply(s)


MU, LAM = 1.0, 10.0


def neo_hookean(F):
    """A compressible neo-Hookean strain energy of a deformation gradient: mu/2 (tr F'F - 3) - mu log J + lam/2 log^2 J."""
    log_j = torch.logdet(F)
    return 0.5 * MU * ((F * F).sum() - 3) - MU * log_j + 0.5 * LAM * log_j ** 2


class LogDet(torch.autograd.Function):
    """log det F with the derivative d log det F / dF = inv(F).T."""

    @staticmethod
    def forward(ctx, F):
        ctx.save_for_backward(F)
        return torch.log(torch.linalg.det(F))

    @staticmethod
    def backward(ctx, grad):
        (F,) = ctx.saved_tensors
        return grad * torch.linalg.inv(F).T


class LogDetSlip(LogDet):
    """The same, the transpose forgotten."""

    @staticmethod
    def backward(ctx, grad):
        (F,) = ctx.saved_tensors
        return grad * torch.linalg.inv(F)


def _energy(F, log_j):
    return 0.5 * MU * ((F * F).sum() - 3) - MU * log_j + 0.5 * LAM * log_j ** 2


def neo_hookean_rule(F):
    return _energy(F, LogDet.apply(F))


def neo_hookean_rule_slip(F):
    return _energy(F, LogDetSlip.apply(F))


# ------------------------------------------------------------------------------------------------ discrete choice
def inclusive_value_naive(v, lam):
    """A nest's inclusive value lam log sum exp(v / lam), as the textbook writes it."""
    return lam * torch.log(torch.exp(v / lam).sum())


def inclusive_value(v, lam):
    return lam * torch.logsumexp(v / lam, dim=0)


NESTS = [[0, 1], [2, 3]]


def nested_logit_nll(v, lam):
    """-log P(alternative 0) under a two-level nested logit with one dissimilarity lam for both nests."""
    within = [v[nest] / lam for nest in NESTS]
    ivs = torch.stack([lam * torch.logsumexp(w, dim=0) for w in within])
    return -(within[0][0] - torch.logsumexp(within[0], dim=0) + ivs[0] - torch.logsumexp(ivs, dim=0))


class ChoiceNet(torch.nn.Module):
    """Utilities of three alternatives from their attributes: fc2(tanh(fc1(x)))."""

    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.Linear(2, 3).double()
        self.fc2 = torch.nn.Linear(3, 1).double()
        with torch.no_grad():
            self.fc1.weight.copy_(torch.tensor(FC1_WEIGHT))
            self.fc1.bias.copy_(torch.tensor(FC1_BIAS))
            self.fc2.weight.copy_(torch.tensor(FC2_WEIGHT))
            self.fc2.bias.fill_(0.25)

    def forward(self, attributes):
        return self.fc2(torch.tanh(self.fc1(attributes))).squeeze(-1)


FC1_WEIGHT = [[0.5, -1.0], [1.5, 0.25], [-0.75, 0.5]]
FC1_BIAS = [0.1, -0.2, 0.0]
FC2_WEIGHT = [[1.0, -0.5, 2.0]]
ATTRIBUTES = [[[1.0, 0.5], [0.2, -1.0], [-0.5, 2.0]], [[0.0, 0.0], [1.0, 1.0], [2.0, -0.5]]]
CHOSEN = [2, 0]


def choice_args():
    return {"model": ChoiceNet(), "attributes": torch.tensor(ATTRIBUTES, dtype=torch.float64),
            "chosen": torch.tensor(CHOSEN)}


def choice_nll(model, attributes, chosen):
    """The multinomial logit's negative log-likelihood of two observed choices."""
    return F.cross_entropy(model(attributes), chosen, reduction="sum")


def choice_nll_mean(model, attributes, chosen):
    """The mean over observations."""
    return F.cross_entropy(model(attributes), chosen)


# -------------------------------------------------------------------------------------------------------- ratings
ELO_SCALE = 400.0


def elo_loss_naive(d):
    """-log of the expected score of a player who won with a rating lead d: E = 1 / (1 + 10^(-d / 400))."""
    expected = 1 / (1 + 10 ** (-d / ELO_SCALE))
    return -torch.log(expected).sum()


def elo_loss(d):
    return -F.logsigmoid(d * math.log(10) / ELO_SCALE).sum()


def elo_loss_bernoulli(d):
    wins = torch.ones_like(d)
    return -torch.distributions.Bernoulli(logits=d * math.log(10) / ELO_SCALE).log_prob(wins).sum()


# -------------------------------------------------------------------------------------------------------- weather
def wind_chill(T, v):
    """The North American wind chill index (deg C) at air temperature T (deg C) and wind speed v (km/h)."""
    return 13.12 + 0.6215 * T - 11.37 * v ** 0.16 + 0.3965 * T * v ** 0.16


def wind_chill_calm(T, v):
    """The same with the wind speed held at the formula's lowest, 4.8 km/h."""
    v = torch.clamp(v, min=4.8)
    return 13.12 + 0.6215 * T - 11.37 * v ** 0.16 + 0.3965 * T * v ** 0.16


# ----------------------------------------------------------------------------------------------------- water waves
GRAVITY = 9.81
WAVE_STEPS = 20


def _wavenumber(omega, depth):
    """k with omega^2 = g k tanh(k h) by Newton's method from Eckart's approximation."""
    deep = omega ** 2 / GRAVITY
    k = deep / torch.sqrt(torch.tanh(deep * depth))
    for _ in range(WAVE_STEPS):
        t = torch.tanh(k * depth)
        k = k - (GRAVITY * k * t - omega ** 2) / (GRAVITY * t + GRAVITY * k * depth * (1 - t ** 2))
    return k


def wavenumber(omega, depth):
    return _wavenumber(omega, depth)


class WaveNumber(torch.autograd.Function):
    """The dispersion relation solved without a graph; the backward is the implicit derivative."""

    @staticmethod
    def forward(ctx, omega, depth):
        with torch.no_grad():
            k = _wavenumber(omega, depth)
        ctx.save_for_backward(k, omega, depth)
        return k

    @staticmethod
    def backward(ctx, grad):
        k, omega, depth = ctx.saved_tensors
        t = torch.tanh(k * depth)
        slope = GRAVITY * t + GRAVITY * k * depth * (1 - t ** 2)
        return grad * 2 * omega / slope, -grad * GRAVITY * k ** 2 * (1 - t ** 2) / slope


class WaveNumberSlip(WaveNumber):
    """The same with dF/dk's second term (the tanh's own slope) left out."""

    @staticmethod
    def backward(ctx, grad):
        k, omega, depth = ctx.saved_tensors
        t = torch.tanh(k * depth)
        slope = GRAVITY * t
        return grad * 2 * omega / slope, -grad * GRAVITY * k ** 2 * (1 - t ** 2) / slope


def wavenumber_rule(omega, depth):
    return WaveNumber.apply(omega, depth)


def wavenumber_rule_slip(omega, depth):
    return WaveNumberSlip.apply(omega, depth)


def phase_speed(omega, depth):
    """omega / k."""
    return omega / _wavenumber(omega, depth)


def wavenumber_to_tolerance(omega, depth):
    """Newton's method stopped when the residual is small."""
    k = omega ** 2 / GRAVITY
    residual = GRAVITY * k * torch.tanh(k * depth) - omega ** 2
    while torch.abs(residual) > 1e-12:
        t = torch.tanh(k * depth)
        k = k - residual / (GRAVITY * t + GRAVITY * k * depth * (1 - t ** 2))
        residual = GRAVITY * k * torch.tanh(k * depth) - omega ** 2
    return k


# ------------------------------------------------------------------------------------------------------ rendering
LIGHT = [0.0, 0.0, 1.0]
HALF_VECTOR = [0.0, 0.6, 0.8]


def lambert(n):
    """Lambert's diffuse term max(n . l, 0) for an unnormalised normal n."""
    return torch.relu(F.normalize(n, dim=0) @ torch.tensor(LIGHT, dtype=n.dtype))


def blinn_phong(n):
    """A Blinn-Phong highlight max(n . h, 0)^64 on top of the diffuse term, squared: both flat where they switch off."""
    unit = F.normalize(n, dim=0)
    spec = torch.relu(unit @ torch.tensor(HALF_VECTOR, dtype=n.dtype)) ** 64
    return spec + torch.relu(unit @ torch.tensor(LIGHT, dtype=n.dtype)) ** 2


def ray_sphere(o):
    """Where a ray from o = (ox, oy) along +x first meets the unit circle: t = -b - sqrt(b^2 - c)."""
    b = o[0]
    c = o[0] ** 2 + o[1] ** 2 - 1
    return -b - torch.sqrt(b * b - c)


def soft_coverage(d, sigma):
    """A soft rasteriser's pixel coverage: the logistic of the signed distance to the edge over sigma."""
    return torch.sigmoid(d / sigma).sum()


def soft_coverage_naive(d, sigma):
    return (1 / (1 + torch.exp(-d / sigma))).sum()


EDGE0, EDGE1 = 0.25, 0.75


def smoothstep(x):
    """GLSL's smoothstep(0.25, 0.75, x)."""
    t = torch.clamp((x - EDGE0) / (EDGE1 - EDGE0), 0.0, 1.0)
    return (t * t * (3 - 2 * t)).sum()
