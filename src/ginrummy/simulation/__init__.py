"""Bot-against-bot simulation under several rulesets, and paired comparison."""
