"""What both ends of a connection share: the messages, the codec, the words."""
