"""Standard-library launcher for the modeler core (a Node.js package)."""

__version__ = "0.1.0"
