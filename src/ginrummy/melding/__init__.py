"""The exact deadwood partitioner and jointly optimal layoffs."""
