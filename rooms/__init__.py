"""Passphrase rooms, seats, seat tokens, the Channels consumers and the room views."""
