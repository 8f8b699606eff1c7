import './zod-config';
import '@fontsource-variable/inter';
import '@fontsource-variable/source-serif-4';
import './styles.css';
import { startApp } from './app/start-app';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

void startApp(root);
