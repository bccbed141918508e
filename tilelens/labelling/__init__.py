"""Labelling tile datasets: pre-label with the recognizer, check, and convert between Ultralytics
YOLO folders, COCO JSON and Label Studio JSON. The Label page of the app edits the same files."""
from tilelens.labelling.checks import CheckReport, DatasetStats, check_dataset, format_report
from tilelens.labelling.model import (Box, Dataset, Issue, IssueKind, LabelFileError, LabelledImage,
                                      PathEscapeError, Split)
from tilelens.labelling.store import atomic_write_json, atomic_write_text, load_done, set_done
from tilelens.labelling.yolo import read_yolo, write_yolo

__all__ = ["Box", "CheckReport", "Dataset", "DatasetStats", "Issue", "IssueKind", "LabelFileError",
           "LabelledImage", "PathEscapeError", "Split", "atomic_write_json", "atomic_write_text",
           "check_dataset", "format_report", "load_done", "read_yolo", "set_done", "write_yolo"]
