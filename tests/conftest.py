from hypothesis import HealthCheck, settings

# Whole-game properties are slow per example; a per-example deadline would only make them flaky.
settings.register_profile(
    "project", deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=60
)
settings.load_profile("project")
