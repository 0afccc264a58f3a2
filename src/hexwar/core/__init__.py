"""The shared core: geometry, maps, randomness, events, views, orders, records, rulesets."""
