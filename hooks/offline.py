"""MkDocs hook: the offline build loads the bundled iframe-worker shim.

Material's offline plugin adds the shim from a CDN, which an offline reader
cannot reach; this swaps it for the copy in docs/assets/vendor/. Hooks run
after plugins, so the CDN URL is already in the list when this runs.
"""

SHIM = "assets/vendor/iframe-worker/shim.js"


def on_config(config):
    polyfills = config.extra.get("polyfills", [])
    config.extra["polyfills"] = [
        SHIM if "unpkg.com/iframe-worker" in url else url for url in polyfills
    ]
    return config
