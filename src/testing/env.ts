// Jest stand-ins for the build-time settings webpack's DefinePlugin injects into the bundle.
process.env.API_BASE_URL ??= '';
process.env.TOKEN_STORAGE_KEY ??= 'labstore.accessToken';
process.env.FILE_BASE_URL ??= '';
