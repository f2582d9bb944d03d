"""Shared test configuration: the Hypothesis profiles.

``ci`` (the default) makes property tests reproducible: each test draws its examples from a fixed seed, so
every run checks the same cases. ``dev`` draws fresh random examples, and more of them, to hunt for new
counterexamples: ``HYPOTHESIS_PROFILE=dev pytest``. Neither has a deadline: timing is the benchmarks' job,
and a deadline only makes tests fail on a busy machine.
"""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, deadline=None, max_examples=50)
settings.register_profile("dev", deadline=None, max_examples=500)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
