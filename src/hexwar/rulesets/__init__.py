"""One package per ruleset (ids are stable: idahex, airwar, tactical, aggressor, flankbattle)."""
