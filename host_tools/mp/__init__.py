"""Real MicroPython (the WebAssembly build under Node): the runner and its Node side."""
