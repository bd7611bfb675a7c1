"""Constants of the browser tests (unique module name: imported by the tests)."""
from pathlib import Path

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
