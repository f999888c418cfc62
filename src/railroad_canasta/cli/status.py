"""The exit statuses of the command line, besides 0 (done) and 1 (a check found a failure)."""

from __future__ import annotations

__all__ = ["BROKEN_PIPE", "INTERRUPTED", "TERMINATED", "USAGE"]

#: A mistake on the command line: an unknown option, a bad value, a file or move that cannot be read.
USAGE = 2
#: Ctrl-C stopped the command (128 + SIGINT, as a shell reports one).
INTERRUPTED = 130
#: The output's reader closed it early (128 + SIGPIPE, as a shell reports one).
BROKEN_PIPE = 141
#: ``SIGTERM`` stopped the command (128 + SIGTERM: a job scheduler's or ``timeout``'s stop).
TERMINATED = 143
