"""Closing an audit's local Dask cluster: distributed's note that it killed a worker slow to stop stays off the user's
terminal; a worker's real trouble, logged by the same logger, is still shown, and after the close that note is too."""

import logging

from gradcli.audit.run import DaskFutures
from log_records import logged

KILLED = "Worker process still alive after 4.0 seconds, killing"
CRASHED = "Restarting worker after it died unexpectedly"


class Closing:
    """A client or cluster whose close logs what distributed's nanny logs as a loaded machine's cluster closes."""

    def __init__(self, messages=()):
        self.messages, self.closed = messages, False

    def close(self):
        for message in self.messages:
            logging.getLogger("distributed.nanny").warning(message)
        self.closed = True


def test_the_kill_at_close_is_not_shown_and_the_rest_is():
    pool = DaskFutures.__new__(DaskFutures)  # its cluster and client stand-ins: no Dask cluster is started
    pool.client, pool.cluster = Closing(), Closing([KILLED, CRASHED, KILLED])
    with logged("distributed.nanny", logging.WARNING) as records:
        pool.__exit__(None, None, None)
        assert pool.client.closed and pool.cluster.closed
        assert [record.getMessage() for record in records] == [CRASHED]
        logging.getLogger("distributed.nanny").warning(KILLED)  # outside our own shutdown: as distributed says it
        assert [record.getMessage() for record in records] == [CRASHED, KILLED]
