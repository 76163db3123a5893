"""python -m host_tools.bench: the benchmark (host_tools.bench.suite)."""
import sys

from host_tools.bench import suite

sys.exit(suite.main())
