"""Custom rules of two inputs whose second gradient is wrong, in each framework."""

import jax
import jax.numpy as jnp
import tensorflow as tf
import torch


@jax.custom_vjp
def jax_mul(x, y):
    return x * jnp.exp(y)


def jax_mul_fwd(x, y):
    return jax_mul(x, y), (x, y)


def jax_mul_bwd(res, g):
    x, y = res
    return g * jnp.exp(y), g * jnp.exp(y)


jax_mul.defvjp(jax_mul_fwd, jax_mul_bwd)


def with_jax(x, y):
    return jax_mul(x, y)


class TorchMul(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, y):
        ctx.save_for_backward(x, y)
        return x * torch.exp(y)

    @staticmethod
    def backward(ctx, g):
        x, y = ctx.saved_tensors
        return g * torch.exp(y), g * torch.exp(y)


def with_torch(x, y):
    return TorchMul.apply(x, y)


@tf.custom_gradient
def tf_mul(x, y):
    def grad(g):
        return g * tf.exp(y), g * tf.exp(y)

    return x * tf.exp(y), grad


def with_tf(x, y):
    return tf_mul(x, y)
