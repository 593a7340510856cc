// Builds the SPA into dist/. Settings come from .env (real environment variables win), so one build serves any origin.
const path = require('node:path');
const fs = require('node:fs');
const { execFileSync } = require('node:child_process');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const { BundleAnalyzerPlugin } = require('webpack-bundle-analyzer');

const envFile = path.resolve(__dirname, '.env');
if (fs.existsSync(envFile)) process.loadEnvFile(envFile);

const apiPort = process.env.PORT || '8000';

// Every text asset is also written as .br and .gz (at the best, slow, settings: this runs once per build), which the
// server sends as they are to browsers that accept them; an asset that does not shrink by 20 % keeps one copy.
const precompressed = ['brotliCompress', 'gzip'].map(
  (algorithm) =>
    new CompressionPlugin({
      algorithm,
      test: /\.(js|css|html|svg|txt|json)$/,
      filename: `[path][base].${algorithm === 'gzip' ? 'gz' : 'br'}`,
    }),
);

/**
 * The first screens of `/` and `/?terminal` prerendered into copies of index.html (src/app/prerender.tsx, run with
 * tsx on the sources in a process of its own), emitted before the compression plugins so they are precompressed too.
 */
class PrerenderPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PrerenderPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After html-webpack-plugin wrote index.html (OPTIMIZE_INLINE), before compression (OPTIMIZE_TRANSFER).
        { name: 'PrerenderPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        () => {
          const template = compilation.getAsset('index.html').source.source().toString();
          const starter = fs.readFileSync(path.resolve(__dirname, 'public/after-first-paint.js'));
          const starterHash = webpack.util.createHash('xxhash64').update(starter).digest('hex').slice(0, 10);
          const starterFile = `assets/after-first-paint.${starterHash}.js`;
          compilation.emitAsset(starterFile, new webpack.sources.RawSource(starter));
          const pages = JSON.parse(
            execFileSync(
              process.execPath,
              [
                require.resolve('tsx/cli'),
                path.resolve(__dirname, 'src/app/prerender.tsx'),
                `/${starterFile}`,
              ],
              { input: template, maxBuffer: 64 * 1024 * 1024, stdio: ['pipe', 'pipe', 'inherit'] },
            ).toString(),
          );
          for (const [screen, html] of Object.entries(pages)) {
            // `minimized`: webpack's HTML minimizer would rewrite the markup the app hydrates (React then finds a
            // mismatch and renders the screen again).
            compilation.emitAsset(`prerendered/${screen}.html`, new webpack.sources.RawSource(html), {
              minimized: true,
            });
          }
        },
      );
    });
  }
}

/** @type {(env: { analyze?: boolean }, argv: { mode?: string }) => import('webpack').Configuration} */
module.exports = (env, argv) => {
  const production = argv.mode === 'production';
  return {
    mode: production ? 'production' : 'development',
    entry: './src/index.tsx',
    output: {
      path: path.resolve(__dirname, 'dist'),
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      publicPath: '/',
      chunkLoadTimeout: 120000,
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: { loader: 'ts-loader', options: { transpileOnly: true, compilerOptions: { noEmit: false } } },
        },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: './public/index.html', favicon: './public/favicon.svg' }),
      new webpack.DefinePlugin({
        'process.env.API_BASE_URL': JSON.stringify(process.env.API_BASE_URL ?? ''),
        'process.env.TOKEN_STORAGE_KEY': JSON.stringify(
          process.env.TOKEN_STORAGE_KEY || 'labstore.accessToken',
        ),
        'process.env.FILE_BASE_URL': JSON.stringify(process.env.FILE_BASE_URL ?? ''),
      }),
      ...(production ? [new PrerenderPlugin(), ...precompressed] : []),
      // `npm run analyze`: what each chunk holds, with its brotli size, in reports/bundle.html (outside dist/,
      // which is served).
      ...(env.analyze
        ? [
            new BundleAnalyzerPlugin({
              analyzerMode: 'static',
              reportFilename: path.resolve(__dirname, 'reports/bundle.html'),
              defaultSizes: 'brotli',
              compressionAlgorithm: 'brotli',
              openAnalyzer: false,
            }),
          ]
        : []),
    ],
    // No source maps in production: everything in dist/ is public, nothing here collects maps (no error-reporting
    // service), and shipping the sources is not wanted. Debug with `npm run dev`, which has full maps.
    devtool: production ? false : 'eval-cheap-module-source-map',
    performance: { hints: false },
    optimization: {
      splitChunks: { chunks: 'all' },
      runtimeChunk: 'single',
    },
    devServer: {
      port: Number(process.env.DEV_PORT || 3000),
      historyApiFallback: true,
      hot: true,
      proxy: [{ context: ['/api', '/media'], target: `http://127.0.0.1:${apiPort}` }],
    },
  };
};
