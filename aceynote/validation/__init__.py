"""The validator's results laid out for the front ends (:mod:`.frames`)."""
