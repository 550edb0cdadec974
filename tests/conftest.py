"""Every test's Jupyter data directory is a temporary folder: ``check()`` records the
student's attempts there (lessons.progress), and a test run must never write into the
real home directory."""

import os
import tempfile

if "DEEPWOOD_TEST_DATA_DIR" not in os.environ:
    os.environ["DEEPWOOD_TEST_DATA_DIR"] = tempfile.mkdtemp(prefix="deepwood-jupyter-data-")
os.environ["JUPYTER_DATA_DIR"] = os.environ["DEEPWOOD_TEST_DATA_DIR"]
