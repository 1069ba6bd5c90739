"""Thinkingbox on a Ray cluster: `tb eval ... --executor ray` (see docs/ray.md)."""
from thinkingbox_ray.executor import RayExecutor

__all__ = ["RayExecutor"]
