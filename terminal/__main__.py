import sys

from terminal.cli import main

sys.exit(main())
