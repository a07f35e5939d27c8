"""The ninetieth trial set (d): STATE-SPACE MODELS AND LINEAR RECURRENCES, as JAX, PyTorch, TensorFlow and plain
NumPy code writes them (jax_lib90d, torch_lib90d, tf_lib90d, np_lib90d): the zero-order-hold discretisation of a
diagonal state matrix, sum(exp(A dt) + C (exp(A dt) - 1) / A B) (ordinary, both dtypes; A = 0 in one channel, 0 / 0;
A = -1e-9, cancellation; A dt = -1000 and, float32, -200, where exp underflows harmlessly), its expm1 spelling (A =
-1e-9; A = 0) and a where-guard returning the limit dt B for |A| < 1e-6 (A = 0; A = -1e-9); Mamba's dt = softplus(raw)
by the library (jax.nn.softplus, F.softplus, tf.math.softplus, np.logaddexp) and by log(1 + exp(raw)) (raw = 800,
float32 100, -40, ordinary); a selective scan h_t = a_t h_{t-1} + b_t x_t over four steps with the loss (h_T -
0.25)^2, as a Python loop, jax.lax.scan, jax.lax.associative_scan, tf.scan, exp(cumsum(log a)), cumprod /
cumprod[s] (and np.multiply.accumulate), and the log-space parallel scan log h = a* + cumlogsumexp(log(b x) - a*)
(jax.lax.cumlogsumexp, torch.logcumsumexp, tf.math.cumulative_logsumexp, np.logaddexp.accumulate), each at ordinary
gates, a gate exactly 0 and two gates of 1e-200 (their product underflows); an LSTM cell f c + i g and a GRU step (1 -
z) h + z h~ at a saturated gate (u = 40: sigmoid rounds to 1 in both dtypes; u = -40) and the GRU written h~ +
sigmoid(-u) (h - h~); a linear recurrent unit, lambda = exp(-exp(nu) + i theta) (jnp.exp of a complex, torch.polar /
torch.complex, tf.complex, np.exp), h_t = lambda h_{t-1} + gamma x_t, loss |h_T|^2, with gamma = sqrt(1 - |lambda|^2)
and with gamma = sqrt(-expm1(-2 exp(nu))) (nu = -1 both dtypes, theta = 0; nu = -40; float32 nu = -20); NumPy's
recurrence with a constant gate by scipy.signal.lfilter, and np.multiply.accumulate of a scalar gate.

Counts: 123 cases tried through the CLI by tests/trials/judge.py (a scratch driver: two CLI runs at a time, judged one
at a time in its main thread; one run of all 123, the 6 corrected ones rerun). ALL keeps all 123: 67 ok, 38 unstable,
12 domain, 4 wrong, 1 error, 1 input error; 94 float64, 29 float32 (JAX 48, PyTorch 23, TensorFlow 25, NumPy 27). 119
agree with my truths (after the corrections below) in verdict and in every exact gradient entry to 1e-10 relative (the
input error in its message); 4 are F1's (one per framework). Each check took 0.9-20.7 s (median 7.1 s; NumPy 0.9-4.6 s,
JAX 3.7-20.7 s, PyTorch 5.0-18.8 s, TensorFlow 6.2-14.4 s); 9 checks over 15 s, PyTorch's start-up and JAX's
log-space scan on the loaded machine with two at once; 17 min of CLI time in all (8.5 min on two cores).

Agreed (verdicts and exact slopes):
- ZOH: ok at ordinary points (both dtypes) and where exp(A dt) underflows to 0 (A dt = -1000; float32 -200: the slope
  1 / A^2 of B_bar stands, e^-1000 is negligible); at A = 0 in one channel the value is (1 - 1) / 0, no number: domain,
  the other channels' own slopes shown beside (gradcli's rule for a NaN a coordinate never meets; the sum carries it),
  A_k and dt (dt meets the 0 / 0) none; at A = -1e-9 exp(A dt) - 1 keeps 6 digits and the slope divides by A^2:
  unstable (all four);
- the where-guard at A = 0: the idle branch expm1(0) / 0 has a NaN slope and 0 * NaN leaks into every entry: wrong (all
  four; gradcli's np.where as JAX's); at A = -1e-9 the idle branch is finite: ok;
- softplus: the library at raw = 800 (float32 100): ok; log(1 + exp(raw)) there: exp overflows, inf / inf: unstable;
  at raw = -40 the value 4e-18 of dt is lost to 1 + 4e-18 but the slope exp(raw) / (1 + exp(raw)) is right and the
  loss does not see dt's digits: ok;
- the scan as a loop, lax.scan, associative_scan and tf.scan: ok at ordinary gates (both dtypes), at a gate 0 and at
  gates 1e-200; exp(cumsum(log a)), cumprod / cumprod[s] and the log-space scan at a gate 0: log 0 = -inf, -inf - -inf
  or 0 / 0: no value: domain; cumprod / cumprod[s] at gates 1e-200: 1e-400 rounds to 0, 0 / 0 where the value is a
  number: unstable (all four);
- LSTM / GRU at u = 40: sigmoid's rule s (1 - s) = 0 where the slope is 4.25e-18 (times c, h~ - h), and (1 - z) = 0
  where it is 4.25e-18: unstable (float32, and float64 for the LSTM: sigmoid(40) rounds to 1 there too); NumPy's LSTM,
  1 / (1 + exp(-u)) by hand, has the slope exp(-u) / (1 + exp(-u))^2, right: ok; the GRU h~ + sigmoid(-u) (h - h~):
  ok; u = -40: ok;
- the LRU: ok at nu = -1 (both dtypes, theta = 0.5 and 0); |lambda| = exp(-4e-18) rounds to 1 at nu = -40 (float32
  nu = -20), 1 - |lambda|^2 is 0 or a rounding error where it is 8.5e-18, gamma 3e-9 is lost: unstable; the expm1
  normaliser: ok (all four);
- scipy.signal.lfilter: refused, exit 2, "np_lib90d.py, line 86: scipy.signal.lfilter is a SciPy function gradcli.scipy
  does not have", the call underlined: clear. np.multiply.accumulate of a vector: ok; at a gate 0: domain.

My truths corrected (gradcli right):
- zoh_expm1 at A = -1e-9 (all four), meant ok (expm1 keeps the value's digits): its slope by the quotient rule is
  C B (dt exp(A dt) / A - expm1(A dt) / A^2): terms of 5e7 cancel to 0.0025 in the backward pass: unstable. The expm1
  spelling mends the value, not the slope.
- the log-space parallel scan and exp(cumsum(log a)) at gates 1e-200 (all four; exp(cumsum) in JAX), meant ok (no
  underflow in log space): the slope in a_1 is (1 / a_1) times a cotangent the reverse cumsum makes from terms of size
  18 that cancel to 1e-200; rounding leaves 1e-14 to 1e-16, times 1e200: unstable.
- NumPy's where-guard at A = 0, meant ok (no framework rule): gradcli replays np.where as JAX's where (as cases42a's
  cash_where): wrong, as the frameworks'.

Findings:
F1 (mended). exp(cumsum(log a)) at a gate exactly 0 (all four frameworks; scan_logcumsum at a = [0.9, 0, 0.8, 0.7]): domain
  (right), but the exact gradient gives a[0] the slope 0 while x[0], on the same kind of path (its partial into h is
  exp(-inf) = 0, then 2 (h - 0.25) = NaN), has none. The loss is NaN along every coordinate there, and gradcli's own
  rule (log(x) * y^2: a NaN partial on the path, no slope) gives a[0] none. Reduced (a scratch probe, NumPy):
      def q(a0, a1):
          l1 = np.log(a0) + np.log(a1)
          return (l1 - l1) ** 2
  at a0 = 0.9, a1 = 0: exact {a0: 0.0, a1: nan}; truth: a0 none (the value is NaN for every a0). With
  (np.exp(l1) + (l1 - l1)) ** 2 a0 gets none (right): the slope 0 seems to come from l1's two paths into l1 - l1
  cancelling (+1 - 1 = 0) before the square's NaN partial is met. Reproduction: `gradcli check
  tests/trials/jax_lib90d.py:scan_logcumsum --at "a=[0.9,0.0,0.8,0.7],x=[1.0,0.5,2.0,0.5]" --dtype float64`.
  Mended: where the value is such a NaN, a finite entry a proof found for a coordinate with no slope beside it (the
  loss's square has the NaN as its partial, which multiplies a[0]'s slope as it does x[0]'s) is NaN
  (`no_derivative._beside_nan`): a[0] none, in all four. (Round 81d's x_1 beside inf - inf of two sums, with no NaN
  partial after them, keeps its slope, as README's doctrine of poles says.)
F2 (mended: gradcli.numpy's accumulate refuses a 0-d array with NumPy's own TypeError; not in the judge, which
  checks an error's status only). np.multiply.accumulate (and np.logaddexp.accumulate) of
  a 0-d input: NumPy raises "TypeError: cannot accumulate on a scalar"; gradcli says "the target raised
  ZeroDivisionError: integer modulo by zero (at tests/trials/np_lib90d.py:80)", the replay's own arithmetic, not the
  user's error. The case (scan_mulacc at a = 0.9) keeps status error, which is right. Reproduction: `gradcli check
  tests/trials/np_lib90d.py:scan_mulacc --at "a=0.9,x=[1.0,0.5,2.0,0.5]" --dtype float64`.

Truths are my own expressions evaluated with mpmath (2,000 digits by cases30b.sided_grad, each slope from both sides;
by hand where the program has no value): B_bar by mpmath's expm1 (dt at A = 0), the final state unrolled as sum_s
b_s x_s prod_{r > s} a_r, 1 - z as sigmoid(-u), the LRU's |h_T|^2 from |lambda|^k cos(k theta), |lambda|^k sin(k
theta) and gamma^2 = -expm1(-2 exp(nu)), never the files' code or gradcli. Every constant of the programs is exact in
binary; the points are read in the case's dtype (0.1, 1e-9, 1e-200 as doubles; float32's 0.1)."""
import mpmath

from cases import Case
from cases5 import _in, hp
from cases30b import sided_grad
from cases73d import NAN, at, mpf

J, T, K, N = "jax_lib90d.py", "torch_lib90d.py", "tf_lib90d.py", "np_lib90d.py"
F32, F64 = "float32", "float64"

# the programs' constants, every one exact in binary
B = [1, mpf("0.5"), -2]
C = [mpf("0.25"), 1, -1]
B_SEQ = [mpf("0.5"), 1, 2, mpf("0.25")]
TARGET = mpf("0.25")
A_DIAG = [-1, mpf("-0.5")]
BX = [mpf("0.5"), 2]
X_LRU = [1, mpf("-0.5"), mpf("0.25")]


# ------------------------------------------------------------------------------------------------- the mathematics
def bbar(a, dt):
    """The ZOH's B_bar / B = (exp(a dt) - 1) / a, by mpmath's expm1 (dt itself at a = 0, the limit)."""
    return dt if a == 0 else mpmath.expm1(a * dt) / a


def zoh_term(k, a, dt):
    return mpmath.exp(a * dt) + C[k] * B[k] * bbar(a, dt)


def zoh(a, dt):
    return sum(zoh_term(k, v, dt) for k, v in enumerate(a))


def zoh_guarded(a, dt):
    """The guarded program's function: dt where |a| < 1e-6 (that branch a constant in a)."""
    return sum(mpmath.exp(v * dt) + C[k] * B[k] * (dt if abs(v) < mpf(1e-6) else bbar(v, dt))
               for k, v in enumerate(a))


def softplus(raw):
    return sum(mpmath.exp(A_DIAG[k] * mpmath.log1p(mpmath.exp(r))) + mpmath.log1p(mpmath.exp(r)) * BX[k]
               for k, r in enumerate(raw))


def final_state(a, x):
    """h_T = sum_s b_s x_s prod_{r > s} a_r, the recurrence unrolled."""
    n = len(a)
    return sum(B_SEQ[s] * x[s] * mpmath.fprod(a[s + 1:]) for s in range(n))


def scan(a, x):
    return (final_state(a, x) - TARGET) ** 2


def sig(u):
    return 1 / (1 + mpmath.exp(-u))


def lstm(u, c):
    return sig(u[0]) * c + sig(u[1]) * mpmath.tanh(u[2])


def gru(u, h, hc):
    """(1 - z) h + z hc with 1 - z = sigmoid(-u)."""
    return sig(-u) * h + sig(u) * hc


def lru(nu, theta):
    """|gamma sum_s x_s lambda^(T-1-s)|^2, |lambda| = exp(-exp(nu)), gamma^2 = 1 - exp(-2 exp(nu))."""
    r, n = mpmath.exp(-mpmath.exp(nu)), len(X_LRU)
    gamma = mpmath.sqrt(-mpmath.expm1(-2 * mpmath.exp(nu)))
    re = sum(X_LRU[s] * r ** (n - 1 - s) * mpmath.cos((n - 1 - s) * theta) for s in range(n))
    im = sum(X_LRU[s] * r ** (n - 1 - s) * mpmath.sin((n - 1 - s) * theta) for s in range(n))
    return gamma ** 2 * (re ** 2 + im ** 2)


# ------------------------------------------------------------------------------------------------- cases
def S(file, function, dtype, verdict, f, line=None, **point):
    return Case(file, function, at(**point), dtype, verdict, sided_grad(f, dtype, finite_sides=True, **point),
                line=line)


def Hand(file, function, dtype, verdict, truth, **point):
    return Case(file, function, at(**point), dtype, verdict, hp(truth))


def zoh_at_zero(dtype, a, dt):
    """At a_k = 0 the program's (exp(0) - 1) / 0 is no number; the other channels never reach it: their own terms'
    slopes stand (gradcli's documented rule for a NaN a coordinate never meets); a_k and dt (dt meets it) have
    none."""
    def truth():
        av, d = _in(dtype, a), _in(dtype, [dt])[0]
        grads = [NAN if v == 0 else mpmath.diff(lambda t: zoh_term(k, t, d), v) for k, v in enumerate(av)]
        return {"a": grads, "dt": NAN}
    return truth


ALL_NAN_SCAN = lambda: {"a": [NAN] * 4, "x": [NAN] * 4}  # noqa: E731

ZA, DT = [-0.5, -1.0, -2.0], 0.1
ZA0 = [-0.5, 0.0, -2.0]
ZA_TINY = [-0.5, -1e-9, -2.0]  # a dt = -1e-10: exp(a dt) - 1 keeps 6 of 16 digits, / a^2 in the slope
ZA_BIG, ZA_BIG32 = [-0.5, -1.0, -1000.0], [-0.5, -1.0, -200.0]  # exp(a dt) underflows to 0: harmless
RAW, RAW_BIG, RAW_BIG32, RAW_NEG = [0.5, -1.0], [800.0, -1.0], [100.0, -1.0], [-40.0, 0.5]
SA, SX = [0.9, 0.5, 0.8, 0.7], [1.0, 0.5, 2.0, 0.5]
SA0 = [0.9, 0.0, 0.8, 0.7]  # a forget gate exactly 0
SA_TINY = [1e-200, 1e-200, 0.8, 0.7]  # cumprod underflows: 1e-400 -> 0
U, U40 = [1.0, -0.5, 0.3], [40.0, -0.5, 0.3]


def frameworks(file, more=True):
    cases = [
        S(file, "zoh", F64, "ok", zoh, a=ZA, dt=DT),
        S(file, "zoh", F32, "ok", zoh, a=ZA, dt=DT),
        Hand(file, "zoh", F64, "domain", zoh_at_zero(F64, ZA0, DT), a=ZA0, dt=DT),
        S(file, "zoh", F64, "unstable", zoh, a=ZA_TINY, dt=DT),
        S(file, "zoh_expm1", F64, "unstable", zoh, a=ZA_TINY, dt=DT),
        S(file, "zoh", F64, "ok", zoh, a=ZA_BIG, dt=1.0),
        # jnp.where / torch.where / tf.where (and gradcli's replay of np.where, as JAX's): the idle branch's
        # expm1(a dt) / a is 0 / 0, its slope NaN, and 0 * NaN leaks into a[k] and dt
        S(file, "zoh_guarded", F64, "wrong", zoh_guarded, a=ZA0, dt=DT),
        S(file, "softplus_dt", F64, "ok", softplus, raw=RAW_BIG),
        S(file, "softplus_dt_naive", F64, "unstable", softplus, raw=RAW_BIG),
        S(file, "softplus_dt_naive", F32, "unstable", softplus, raw=RAW_BIG32),
        S(file, "scan_loop", F64, "ok", scan, a=SA, x=SX),
        S(file, "scan_loop", F64, "ok", scan, a=SA0, x=SX),
        S(file, "scan_logcumsum", F64, "ok", scan, a=SA, x=SX),
        Hand(file, "scan_logcumsum", F64, "domain", ALL_NAN_SCAN, a=SA0, x=SX),
        S(file, "scan_cumprod", F64, "unstable", scan, a=SA_TINY, x=SX),
        S(file, "scan_heinsen", F64, "ok", scan, a=SA, x=SX),
        S(file, "scan_heinsen", F64, "unstable", scan, a=SA_TINY, x=SX),
        # NumPy's 1 / (1 + exp(-u)) has the slope exp(-u) / (1 + exp(-u))^2, right where the value rounds to 1
        S(file, "lstm_cell", F32, "ok" if file == N else "unstable", lstm, u=U40, c=2.0),
        S(file, "gru_step", F32, "unstable", gru, u=40.0, h=1.0, hc=-0.5),
        S(file, "gru_step_stable", F32, "ok", gru, u=40.0, h=1.0, hc=-0.5),
        S(file, "lru", F64, "ok", lru, nu=-1.0, theta=0.5),
        S(file, "lru", F64, "unstable", lru, nu=-40.0, theta=0.5),
        S(file, "lru_stable", F64, "ok", lru, nu=-40.0, theta=0.5),
    ]
    if more:
        cases += [
            Hand(file, "zoh_expm1", F64, "domain", zoh_at_zero(F64, ZA0, DT), a=ZA0, dt=DT),
            S(file, "zoh", F32, "ok", zoh, a=ZA_BIG32, dt=1.0),
            S(file, "zoh_guarded", F64, "ok", zoh_guarded, a=ZA_TINY, dt=DT),
            S(file, "softplus_dt", F64, "ok", softplus, raw=RAW),
            S(file, "softplus_dt", F32, "ok", softplus, raw=RAW_BIG32),
            S(file, "softplus_dt_naive", F64, "ok", softplus, raw=RAW_NEG),
            S(file, "scan_loop", F32, "ok", scan, a=SA, x=SX),
            S(file, "scan_loop", F64, "ok", scan, a=SA_TINY, x=SX),
            S(file, "scan_logcumsum", F32, "ok", scan, a=SA, x=SX),
            S(file, "scan_logcumsum", F64, "unstable", scan, a=SA_TINY, x=SX),
            S(file, "scan_cumprod", F64, "ok", scan, a=SA, x=SX),
            Hand(file, "scan_cumprod", F64, "domain", ALL_NAN_SCAN, a=SA0, x=SX),
            Hand(file, "scan_heinsen", F64, "domain", ALL_NAN_SCAN, a=SA0, x=SX),
            S(file, "lstm_cell", F64, "ok", lstm, u=U, c=2.0),
            S(file, "lstm_cell", F64, "ok" if file == N else "unstable", lstm, u=U40, c=2.0),
            S(file, "gru_step", F32, "ok", gru, u=-40.0, h=1.0, hc=-0.5),
            S(file, "lru", F32, "ok", lru, nu=-1.0, theta=0.5),
            S(file, "lru", F32, "unstable", lru, nu=-20.0, theta=0.5),
            S(file, "lru_stable", F32, "ok", lru, nu=-20.0, theta=0.5),
            S(file, "lru_stable", F64, "ok", lru, nu=-1.0, theta=0.0),
        ]
    return cases


ALL = [
    *frameworks(J),
    S(J, "scan_lax", F64, "ok", scan, a=SA, x=SX),
    S(J, "scan_lax", F64, "ok", scan, a=SA0, x=SX),
    S(J, "scan_assoc", F64, "ok", scan, a=SA, x=SX),
    S(J, "scan_assoc", F64, "ok", scan, a=SA0, x=SX),
    S(J, "scan_assoc", F32, "ok", scan, a=SA, x=SX),
    *frameworks(T, more=False),
    *frameworks(K, more=False),
    S(K, "scan_tf", F64, "ok", scan, a=SA, x=SX),
    S(K, "scan_tf", F64, "ok", scan, a=SA0, x=SX),
    *frameworks(N, more=False),
    S(N, "scan_mulacc", F64, "ok", scan, a=SA, x=SX),
    Hand(N, "scan_mulacc", F64, "domain", ALL_NAN_SCAN, a=SA0, x=SX),
    # a shared scalar gate: NumPy itself raises (TypeError: cannot accumulate on a scalar): error, no slopes
    Case(N, "scan_mulacc", at(a=0.9, x=SX), F64, "error", lambda: {}),
    # scipy.signal.lfilter is not replayed: refused, naming it and the line
    Case(N, "ema_lfilter", at(a=0.9, x=SX), F64, "input-error", message=("lfilter", "np_lib90d.py, line 86")),
]
