"""Fine-tune the shipped detector (rebuilt by prepare.sh as .gpu/init.pt) on the rendered mix.

usage: train.py DATA_YAML OUT DEVICE HOURS WORKERS   (DEVICE "0" for the first GPU, "cpu" for a dry run)
"""
import sys
from pathlib import Path

from vision.train import train_detector

data, out, device, hours, workers = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4]), int(sys.argv[5])
train_detector(Path(data), Path(out), epochs=40, imgsz=544, batch=64, init=Path(".gpu/init.pt"),
               workers=workers, threads=8, device=device, time=hours, optimizer="AdamW", lr0=0.0005,
               warmup_epochs=1, close_mosaic=3, cos_lr=True, cache="ram", deterministic=False)
