"""Anonymous aggregate usage and the staff dashboard in the admin."""
