import sys

from audiogame.cli import main

sys.exit(main())
