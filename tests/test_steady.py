"""No property test's verdict depends on how fast the machine is: every hypothesis test,
including those with settings of their own, runs without a per-example deadline and without
the health check that fails data generation for being slow (a loaded CI machine is slow)."""

import sys

from hypothesis import HealthCheck


def test_no_property_test_can_fail_for_being_slow() -> None:
    checked = 0
    for name, module in list(sys.modules.items()):
        if not name.startswith("tests."):
            continue  # the test modules collected in this run, as imported by pytest
        for test in list(vars(module).values()):
            if not getattr(test, "is_hypothesis_test", False):
                continue
            own = getattr(test, "_hypothesis_internal_use_settings", None)
            if own is None:
                continue  # the profile in tests/conftest.py, which sets both
            checked += 1
            where = f"{name}.{test.__name__}"
            assert own.deadline is None, f"{where} has a deadline"
            assert HealthCheck.too_slow in own.suppress_health_check, (
                f"{where} lets hypothesis fail it for slow data generation")
    assert checked or "tests.tables.test_log_property" not in sys.modules
