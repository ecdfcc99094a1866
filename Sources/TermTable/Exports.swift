// `import TermTable` is all an app needs: the layers below come with it.
@_exported import TermTableCore
@_exported import TermTableLayout
