"""What the TensorFlow tests of reads, orders and constants share: the users' module written to a file, and its lines."""


def users_module(tmp_path_factory, name, text):
    """``text`` written as the users' module ``name`` in a fresh folder; its path."""
    path = tmp_path_factory.mktemp("tf64") / name
    path.write_text(text)
    return str(path)


def line_of(text, snippet):
    """The number of the first line of ``text`` that holds ``snippet``."""
    return next(i for i, line in enumerate(text.splitlines(), 1) if snippet in line)
