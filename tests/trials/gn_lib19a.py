"""A user's code on gradcli.numpy, nineteenth round: softplus with a custom gradient as blog posts write it (the
logistic slope as exp(x) / (1 + exp(x)), as a sigmoid, and with its sign slipped)."""

import gradcli
import gradcli.numpy as gnp


@gradcli.custom_gradient
def softplus_blog(x):
    def grad_fn(upstream):
        return upstream * gnp.exp(x) / (1.0 + gnp.exp(x))
    return gnp.logaddexp(0.0, x), grad_fn


@gradcli.custom_gradient
def softplus_sigmoid(x):
    def grad_fn(upstream):
        return upstream * gnp.sigmoid(x)
    return gnp.logaddexp(0.0, x), grad_fn


@gradcli.custom_gradient
def softplus_slip(x):
    def grad_fn(upstream):
        return upstream * gnp.sigmoid(-x)
    return gnp.logaddexp(0.0, x), grad_fn


def softplus_blog_sum(x):
    return gnp.sum(softplus_blog(x))


def softplus_sigmoid_sum(x):
    return gnp.sum(softplus_sigmoid(x))


def softplus_slip_sum(x):
    return gnp.sum(softplus_slip(x))
