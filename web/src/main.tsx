import { createRoot } from 'react-dom/client';
import '@xyflow/react/dist/style.css';
import './styles.css';
import { App } from './App';
import { boot } from './state/data';
import { applyTheme, loadTheme } from './settings/Settings';

applyTheme(loadTheme());
createRoot(document.getElementById('root')!).render(<App />);
void boot();
