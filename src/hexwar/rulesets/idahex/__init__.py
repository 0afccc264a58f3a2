"""IDAHEX 1.0 (seed 000, the Game Designer's Manual): a theater land-warfare model on hexagonal
cells with event-driven time."""
