// ServiceLayer: singleton controllers over one generic, correct request core.
