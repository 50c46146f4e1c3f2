"""Long work as jobs on a job queue: PDN imports and post-game analyses run in worker
processes (``shashki worker``, or the one ``shashki serve`` starts), not in requests.

* :mod:`.models`: the ``jobs`` table (kind, owner, status, progress, result) and
  ``job_files`` (a job's input, e.g. an uploaded PDN file, in the database so that a worker
  on another machine can read it).
* :mod:`.queue`: the queue itself, `huey <https://huey.readthedocs.io>`_ on SQLite (a file
  beside the platform's database), on the platform's PostgreSQL database, or on Redis.
* :mod:`.runner`: the kinds of job and how one runs (a handler given a :class:`Context`).
* :mod:`.service`: what the pages and the API do with jobs: create (with the per-user
  limit), read, cancel.
* :mod:`.worker`: the worker process: huey's consumer, each job in a child process of its
  own at a lowered priority, watched, and killed when cancelled.
"""

NICE = 19
"""The workers' niceness (``nice -n 19``, the lowest): they yield the CPU to the web process
(a nice-0 process weighs 68 times as much in Linux's scheduler)."""
ENV_NICE = "SHASHKI_WORKER_NICE"
"""The environment's niceness for ``shashki worker`` (and the worker ``shashki serve``
starts), where ``--nice`` is not given: 0 on a host of the worker's own, or in a test suite
whose many processes would starve a nice-19 worker."""
