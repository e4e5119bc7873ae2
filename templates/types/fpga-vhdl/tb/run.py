"""VUnit runner for {{name}}: python3 tb/run.py"""
from pathlib import Path

from vunit import VUnit

root = Path(__file__).resolve().parent.parent
vu = VUnit.from_argv()
lib = vu.add_library("lib")
lib.add_source_files(root / "rtl" / "*.vhd")
lib.add_source_files(root / "tb" / "*.vhd")
vu.main()
