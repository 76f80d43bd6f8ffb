"""The app's side of a connection: its network thread, the server's clock, online seats."""
