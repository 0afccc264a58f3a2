"""Analysis at scale: experiments over scenarios, run many times, summarised and plotted.

The analysis layer is a client of the game protocol (the registry, ``new_game``, the agents,
``summary()`` and the event log); it never reaches into a ruleset's state, and no ruleset
imports it. Modules:

- :mod:`hexwar.analysis.experiment`: the experiment file (TOML), its factors and designs, the
  design points and the replication seeds (common random numbers).
- :mod:`hexwar.analysis.runner`: running the replications (in this process, with joblib, or on
  a dask.distributed cluster) into a journal a killed sweep resumes from.
- :mod:`hexwar.analysis.results`: the results table (Parquet and CSV), per-point summaries with
  confidence intervals and quantiles, the stopping rule of sequential replication, paired
  comparisons under common random numbers, Sobol indices and main effects.
- :mod:`hexwar.analysis.plots`: the sweep's plots and the single-game plots.
- :mod:`hexwar.analysis.cli`: ``hexwar sweep ...``.

The heavy libraries (joblib, dask, pyarrow, SALib, scipy, matplotlib) come with the ``analysis``
extra and are imported only by the functions that use them; the command line checks for them
first (:mod:`hexwar.cli.extras`).
"""
