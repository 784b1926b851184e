"""What a player may believe about the cards it cannot see: worlds consistent with its view."""
