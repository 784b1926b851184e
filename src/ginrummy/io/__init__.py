"""JSON read and write, the JSON Schema, ruleset files."""
