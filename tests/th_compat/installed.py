"""Builds the TH compatibility program against an installed ember.

Usage: installed.py BUILD_DIR SOURCE_DIR

Installs BUILD_DIR with `meson install --destdir` into a temporary
directory, compiles SOURCE_DIR's C program there with $CC, -std=c99
-Wall -Wextra -Werror and only the flags `pkg-config --cflags --libs
ember-th` gives (PKG_CONFIG_SYSROOT_DIR points them into the temporary
tree), then runs it. Exits 77 (skipped) without pkg-config.
"""
from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

SOURCES = ["legacy.c", "random.c", "system_include.c", "file.c", "thc.c"]  # as th_compat in meson.build


def run(cmd: list[str], **kwargs) -> str:
    result = subprocess.run(cmd, capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        sys.exit(f"{shlex.join(cmd)} failed ({result.returncode}):\n{result.stdout}{result.stderr}")
    return result.stdout


def main() -> None:
    build_dir, source_dir = Path(sys.argv[1]), Path(sys.argv[2])
    pkg_config = shutil.which("pkg-config")
    if pkg_config is None:
        print("pkg-config not found: skipped")
        sys.exit(77)
    meson = shutil.which("meson") or sys.exit("meson not found")
    options = {o["name"]: o["value"] for o in json.loads(run([meson, "introspect", "--buildoptions", str(build_dir)]))}
    libdir = Path(options["prefix"]) / options["libdir"]  # libdir may be relative to the prefix

    with tempfile.TemporaryDirectory(prefix="ember-install-") as tmp:
        root = Path(tmp)
        run([meson, "install", "-C", str(build_dir), "--destdir", str(root), "--no-rebuild", "--quiet"])
        staged_libdir = root / libdir.relative_to(libdir.anchor)
        env = dict(os.environ,
                   PKG_CONFIG_PATH=str(staged_libdir / "pkgconfig"),
                   PKG_CONFIG_SYSROOT_DIR=str(root))
        flags = shlex.split(run([pkg_config, "--cflags", "--libs", "ember-th"], env=env))
        program = root / "th_compat"
        cc = shlex.split(os.environ.get("CC", "cc"))
        run(cc + ["-std=c99", "-Wall", "-Wextra", "-Werror", "-I", str(source_dir)]
            + [str(source_dir / s) for s in SOURCES] + ["-o", str(program)] + flags)
        print(run([str(program)], env=dict(os.environ, LD_LIBRARY_PATH=str(staged_libdir))), end="")


if __name__ == "__main__":
    main()
