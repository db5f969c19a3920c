// Compile the Python bundle to bytecode with Pyodide's own Python (the browser's version:
// CPython here is another), so the practice worker imports .pyc instead of compiling
// ~100 modules at every start. Usage: node scripts/compile_bundle.mjs SOURCE.zip OUT.zip
// Called by scripts/build_bundle.py. Each module becomes a sourceless module.pyc beside
// where its .py was (the .py is left out: the download is the bytecode alone); templates
// and other files are kept as they are.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(join(root, "node_modules", "pyodide", "pyodide.mjs"));
const [source, out] = process.argv.slice(2);
const py = await loadPyodide({ indexURL: join(root, "node_modules", "pyodide") + "/" });
py.unpackArchive(new Uint8Array(readFileSync(source)), "zip", { extractDir: "/bundle" });
const data = py.runPython(`
import compileall, io, os, py_compile, zipfile
assert compileall.compile_dir("/bundle", quiet=1, legacy=True,
                              invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
for d, _, fs in os.walk("/bundle"):
    for f in fs:
        if f.endswith(".py"):
            os.remove(os.path.join(d, f))
names = sorted(os.path.relpath(os.path.join(d, f), "/bundle") for d, _, fs in os.walk("/bundle") for f in fs)
buf = io.BytesIO()
with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
    for name in names:
        info = zipfile.ZipInfo(name, (2024, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        with open(os.path.join("/bundle", name), "rb") as f:
            z.writestr(info, f.read())
buf.getvalue()
`);
writeFileSync(out, data.toJs());
data.destroy();
