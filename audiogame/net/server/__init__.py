"""The server's rooms: connections, the lobby, tables, accounts, stores, the bus."""
