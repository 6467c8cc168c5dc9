from . import queens as queens, rush as rush, sliding as sliding

__version__: str
