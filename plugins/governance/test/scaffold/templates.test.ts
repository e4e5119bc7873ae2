import {expect} from 'chai'

import {renderTemplateText, templateTargetPath} from '../../src/lib/scaffold/index.js'
import {renderTargetPath} from '../../src/lib/scaffold/templates.js'

describe('scaffold templates: {{var}} rendering', () => {
  it('substitutes variables and leaves GitHub expressions alone', () => {
    const out = renderTemplateText('name: {{name}}\ntoken: ${{ secrets.TOKEN }}\nx: {{ name }}', {name: 'demo'})
    expect(out).to.equal('name: demo\ntoken: ${{ secrets.TOKEN }}\nx: demo')
  })

  it('indents a multi-line value like its lone placeholder, and drops the line for an empty value', () => {
    const text = 'steps:\n  {{steps}}\n  {{nothing}}\nend'
    expect(renderTemplateText(text, {steps: '- a\n- b:\n    c', nothing: ''})).to.equal('steps:\n  - a\n  - b:\n      c\nend')
  })

  it('names the template and line of an unknown variable', () => {
    expect(() => renderTemplateText('ok\nhello {{nope}}', {}, '/t/AGENTS.md'))
      .to.throw(/\/t\/AGENTS\.md:2: unknown template variable '\{\{nope\}\}'/)
      .with.property('code', 'E_TEMPLATE')
  })

  it('maps dot- segments to dot files and refuses paths that leave the project', () => {
    expect(templateTargetPath('dot-github/workflows/govtool.yml')).to.equal('.github/workflows/govtool.yml')
    expect(templateTargetPath('src/dot-keep/x')).to.equal('src/.keep/x')
    expect(renderTargetPath('src/{{package}}/__init__.py', {package: 'demo_app'}, 't')).to.equal('src/demo_app/__init__.py')
    expect(() => renderTargetPath('{{p}}/x', {p: '../..'}, 't')).to.throw(/outside the project/)
    expect(() => renderTargetPath('{{p}}', {p: '/etc/passwd'}, 't')).to.throw(/outside the project/)
  })
})
