// The console's entry: styles and the app, rendered into the page's #app.
import { render } from 'preact';
import { App } from './App';
import './styles.css';

render(<App />, document.getElementById('app')!);
