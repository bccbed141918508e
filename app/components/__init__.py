"""Drawing helpers shared by the app's pages: strings, tiles, photos, options, results, the ledger."""
