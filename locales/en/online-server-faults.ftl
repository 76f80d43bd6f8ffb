## Online play: a server that misbehaves (it never answers, sends what cannot be read,
## keeps cutting the line, floods everyone's speech)

net-reason-no-answer = The server took the connection but never answered: it may not be a game server, or it is stuck.
net-reason-garbled = The server sends what this game cannot read: it may be another program, or a broken server.
net-reason-unstable = The server keeps cutting the connection as soon as it is made, so I stopped trying.
online-flood = Too many messages at once: I stop reading them aloud for a moment, you find them all in the history.

## A public server's bounds per network address
net-reason-too-many-connections = Too many connections from your network at once: close one of them and try again.
net-reason-too-many-guests = Too many new guests from your network in a short time: wait a few minutes, or log in with an account.
