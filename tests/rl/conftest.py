"""The research adapters need the ``[research]`` extra; skip their tests without it."""

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")
