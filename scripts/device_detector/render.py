"""Render the detector fine-tune's training photos in parallel (device machine: 16 cores).

usage: scripts/device_detector/render.py OUT SCALE  -> OUT/scenes/<set>-<k>/ (make_dataset) and OUT/hands/<game>-<k>/ (make_synth_hands.py)
Seeds 300+ (scenes) and 400+ (hands): none of them a validation (8, 45, 48, 62) or test (20, 101) seed.
"""
import os
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed

SCENES = {"tokyo-mahjong": 2400, "hk-mahjong": 1200, "cinderella-neo": 1500, "nogizaka": 1200, "yokai-watch": 1200}
HANDS = {"tokyo-mahjong": 800, "cinderella-neo": 300, "nogizaka": 300, "yokai-watch": 300}
SCENE_CHUNK, HAND_CHUNK = 150, 100


def scene(game, count, out, seed):
    from vision.synth import make_dataset
    make_dataset(game, count, out, seed=seed, imgsz=640, val_fraction=0.02, workers=1, progress=False)
    return out


def hands(game, count, out, seed):
    subprocess.run([sys.executable, "benchmarks/make_synth_hands.py", game, out, "--count", str(count),
                    "--seed", str(seed)], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return out


def plan(render, counts, chunk, folder, seed, scale):
    """(render, game, count, folder, seed) jobs of at most ``chunk`` photos, one seed each from ``seed`` on."""
    jobs = []
    for g, n in counts.items():
        n = max(2, int(n * scale))
        for k in range(0, n, chunk):
            jobs.append((render, g, min(chunk, n - k), f"{folder}/{g}-{k // chunk}", seed))
            seed += 1
    return jobs


def main():
    out, scale = sys.argv[1], float(sys.argv[2])
    jobs = plan(scene, SCENES, SCENE_CHUNK, f"{out}/scenes", 300, scale)
    jobs += plan(hands, HANDS, HAND_CHUNK, f"{out}/hands", 400, scale)
    t0 = time.time()
    with ProcessPoolExecutor(max_workers=min(16, os.cpu_count() or 1)) as pool:
        futs = [pool.submit(*j) for j in jobs]
        for i, f in enumerate(as_completed(futs), 1):
            print(f"rendered {i}/{len(jobs)} {f.result()} at {time.time() - t0:.0f}s", flush=True)


if __name__ == "__main__":
    main()
