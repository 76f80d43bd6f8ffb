"""Speech output behind one small interface (see ``base.Speaker``)."""
